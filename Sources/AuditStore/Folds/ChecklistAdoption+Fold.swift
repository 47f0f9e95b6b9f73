import AuditLog

extension ChecklistAdoption: StoreFoldable {
    /// Every checklist's items are kept, so that recordings of an item a later one dropped keep
    /// theirs; which checklist is in use is settled at the end.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        for item in checklist.items {
            fold.learned(item: item.id)
            try fold.db.cachedStatement("""
                INSERT INTO items (id, position, title, how_to_check, sizes, severity, scaling, fix, wcag, current)
                VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT (id) DO NOTHING
                """).run([item.id, item.title, item.howToCheck, item.sizes.map(\.id).joined(separator: ","), item.severity.rawValue,
                          item.scaling, item.fix?.rawValue, item.wcag.joined(separator: ",")])
        }
        fold.unsettled.checklist = true
    }

    func withdraw(from fold: LogApplier) throws {
        fold.unsettled.checklist = true
    }
}
