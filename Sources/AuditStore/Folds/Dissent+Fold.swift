import AuditLog

/// A dissent changes no cell: it stays in the log, where `dissents` reads it.
extension Dissent: StoreFoldable {
    func missing(in fold: LogApplier) throws -> String? {
        try fold.knows(item: item) ? nil : "refers to the item '\(item)', which no checklist of the audit has"
    }

    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        try fold.checkTarget(of: self, line: line, kinds: [.recording])
    }

    func withdraw(from fold: LogApplier) throws {}
}
