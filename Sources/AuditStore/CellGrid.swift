import AuditLog
import DynamicType
import Platform
import SQLite

/// The latest cells of one screen in a flat array indexed by item position and size, so that
/// reading a thousand screens does not hash a string per cell.
struct CellGrid: Sendable {
    let plan: Plan
    /// For each (item, size) slot, the position of its cell in `cells`, or -1.
    private var positions: [Int32]
    private(set) var cells: [CellState] = []

    /// Slots an item has, one a size (asked once: `Size.allCases` is a call each time).
    static let sizes = Size.allCases.count

    init(plan: Plan) {
        self.plan = plan
        positions = Array(repeating: -1, count: plan.items.count * CellGrid.sizes)
        // Room for the planned cells at once, not grown by doubling a cell at a time.
        cells.reserveCapacity(plan.cells.count)
    }

    static func slot(_ item: Int, _ size: Size) -> Int { item * sizes + size.rawValue }

    mutating func set(_ state: consuming CellState, item: Int) {
        let slot = CellGrid.slot(item, state.size)
        if positions[slot] >= 0 {
            cells[Int(positions[slot])] = state
        } else {
            positions[slot] = Int32(cells.count)
            cells.append(state)
        }
    }

    func cell(_ item: String, _ size: Size) -> CellState? {
        guard let index = plan.index[item] else { return nil }
        return cell(at: index, size)
    }

    func cell(at item: Int, _ size: Size) -> CellState? {
        let position = positions[CellGrid.slot(item, size)]
        return position < 0 ? nil : cells[Int(position)]
    }

    /// The status of a cell, nil when never recorded: read in place, where `cell(at:)` copies the
    /// cell with its strings.
    func status(at item: Int, _ size: Size) -> ResultStatus? {
        let position = positions[CellGrid.slot(item, size)]
        return position < 0 ? nil : cells[Int(position)].status
    }

    /// Every recorded cell in checklist and size order.
    var all: [CellState] { positions.filter { $0 >= 0 }.map { cells[Int($0)] } }

    /// Calls `body` with each recorded cell and its item's position, in checklist and size order,
    /// without building an array.
    func forEachCell(_ body: (Int, CellState) -> Void) {
        for (slot, position) in positions.enumerated() where position >= 0 {
            body(slot / CellGrid.sizes, cells[Int(position)])
        }
    }
}

extension AuditStore {
    /// The latest cells of every screen, by the screens' row ids (no string per cell while reading).
    func cellGrids(plan: Plan, detailed: Bool) throws -> [Int64: CellGrid] {
        var grids: [Int64: CellGrid] = [:]
        // Cells come a screen at a time (the table's key starts with the screen): its grid is
        // kept at hand and put in the dictionary when another screen's cells begin.
        var screen: Int64?
        var grid = CellGrid(plan: plan)
        try forEachCell(plan: plan, screenRow: nil, detailed: detailed) { cellScreen, position, state in
            if cellScreen != screen {
                if let screen { grids[screen] = grid }
                screen = cellScreen
                grid = grids.removeValue(forKey: cellScreen) ?? CellGrid(plan: plan)
            }
            grid.set(state, item: position)
        }
        if let screen { grids[screen] = grid }
        return grids
    }

    /// Calls `body` with the screen's row, the item's position in `plan` and the state of each
    /// latest cell of every screen, or of the screen with this row.
    func forEachCell(plan: Plan, screenRow: Int64?, detailed: Bool, _ body: (Int64, Int, consuming CellState) -> Void) throws {
        // The plan's items matched by their bytes: joining the items table to every cell of a
        // whole audit cost a search of it a cell.
        var items = ItemPlaces(plan)
        var sql = """
            SELECT cells.screen_id, cells.item, cells.size, cells.status, cells.recorded_at, cells.recording_id\(detailed ? ", CASE WHEN c.target IS NULL THEN r.note ELSE c.note END AS note, r.recorded_by, r.run, r.findings" : "")
            FROM cells\(detailed ? " JOIN recordings r ON r.id = cells.recording_id LEFT JOIN corrections c ON c.target = r.uid" : "")
            """
        if screenRow != nil { sql += " WHERE cells.screen_id = ?" }
        let cells = try db.cachedStatement(sql)
        // Looked up once: a whole audit's cells are many rows.
        let column = (screen: cells.index(of: "screen_id"), item: cells.index(of: "item"), size: cells.index(of: "size"),
                      status: cells.index(of: "status"), at: cells.index(of: "recorded_at"), recording: cells.index(of: "recording_id"))
        let details = detailed ? (note: cells.index(of: "note"), by: cells.index(of: "recorded_by"), run: cells.index(of: "run"), findings: cells.index(of: "findings")) : nil
        try cells.forEach(screenRow.map { [$0] } ?? []) { row in
            guard let position = row.withText(column.item, { items.position(of: $0) }), position >= 0, position < plan.items.count,
                  let size = row.withText(column.size, Size.init(idBytes:)), let status = row.withText(column.status, ResultStatus.init(bytes:)) else { return }
            var state = CellState(item: plan.items[position].id, size: size, status: status,
                                  at: row.withText(column.at, Timestamp.init(storedBytes:)), recordingID: row.int64(column.recording))
            if let details {
                state.note = row.optionalString(details.note)
                state.by = row.optionalString(details.by)
                state.run = row.optionalString(details.run)
                state.findings = row.optionalString(details.findings).flatMap(RecordedFinding.read(json:))
            }
            body(row.int64(column.screen), position, state)
        }
    }
}

/// The plan's items' places by their ids' bytes, in the order of the ids' bytes: the order a
/// screen's cells come in, so the item after the last one found is tried next.
private struct ItemPlaces {
    private let ids: [[UInt8]]
    private let positions: [Int]
    private var last = 0

    init(_ plan: Plan) {
        ids = plan.idBytes
        positions = plan.byID
    }

    mutating func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if last < ids.count, Self.same(ids[last], bytes) { return positions[last] }
        if last + 1 < ids.count, Self.same(ids[last + 1], bytes) {
            last += 1
            return positions[last]
        }
        guard let found = ids.firstIndex(where: { Self.same($0, bytes) }) else { return nil }
        last = found
        return positions[found]
    }

    private static func same(_ id: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        id.count == bytes.count && id.withUnsafeBytes { ByteComparison.same($0, UnsafeRawBufferPointer(bytes)) }
    }
}
