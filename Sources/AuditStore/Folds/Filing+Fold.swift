import AuditLog

extension Filing: StoreFoldable {
    /// The log holds filings, and `filings()` reads them from there: no table of the audit
    /// depends on them.
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {}

    func withdraw(from fold: LogApplier) throws {}
}
