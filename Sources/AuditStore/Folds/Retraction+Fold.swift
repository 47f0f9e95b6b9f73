import AuditLog

extension Retraction: StoreFoldable {
    /// Marks what it takes back: a recording leaves its cell, a fix stops counting, an evidence
    /// link goes (the file stays for other links).
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        try fold.checkTarget(of: self, line: line, kinds: Retraction.targetKinds)
        fold.hasRetractions = true
        if let cell = try fold.cell(ofRecording: target) {
            try fold.db.run("UPDATE recordings SET retracted = 1 WHERE uid = ?", [target])
            fold.unsettled.cells.insert(cell)
        }
        try fold.db.run("UPDATE fixes SET retracted = 1 WHERE uid = ?", [target])
        try fold.db.run("DELETE FROM evidence_links WHERE uid = ?", [target])
    }

    /// Puts the target back; the new line, applied next, takes back what it names.
    func withdraw(from fold: LogApplier) throws {
        if let cell = try fold.cell(ofRecording: target) { fold.unsettled.cells.insert(cell) }
        try fold.db.run("UPDATE recordings SET retracted = 0 WHERE uid = ?", [target])
        try fold.db.run("UPDATE fixes SET retracted = 0 WHERE uid = ?", [target])
        fold.unsettled.retractionsWithdrawn = true
    }
}
