import AuditLog

/// A waiver changes no cell: it stays in the log, where `waivers` reads it for the judges.
extension Waiver: StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? {
        try fold.knows(item: item) ? nil : "refers to the item '\(item)', which no checklist of the audit has"
    }

    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {}

    func withdraw(from fold: LogApplier) throws {}
}
