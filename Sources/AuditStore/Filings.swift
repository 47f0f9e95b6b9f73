import AuditLog

extension AuditStore {
    /// Every filing record in the log, of every tracker, in the order they were made.
    public func filings() throws -> [Filing] {
        try read {
            try db.rows("SELECT line FROM log WHERE kind = ? ORDER BY at, uid", [LogRecord.Kind.filing.rawValue]) { row in
                if case .filing(let filing) = try LogTable.parse(row.string("line")) { return filing }
                throw StoreDamage(detail: "a filing record in the log does not read as one")
            }
        }
    }

    /// Adds filing records this store's commands made, in one transaction.
    public func appendFilings(_ filings: [Filing]) throws {
        guard !filings.isEmpty else { return }
        try write { try append(filings.map(LogRecord.filing)) }
    }
}
